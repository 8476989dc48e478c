from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class PokerclubConfig(AppConfig):
    """The club domain: users, clubs, memberships, invitations."""

    name = "pokerclub"
    verbose_name = gettext_lazy("Clubs")
