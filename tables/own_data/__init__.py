"""A member's own data (GDPR): everything the site keeps about them as one archive
(:mod:`.archive`), and erasing their account (:mod:`.erase`): their personal data goes,
their hands and money lines stay whole under a pseudonym. It reads every domain and writes
only through each domain's own ``privacy`` actions."""
