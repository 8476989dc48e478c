from django.apps import AppConfig


class PokerclubConfig(AppConfig):
    """The club domain: users, clubs, memberships, invitations."""

    name = "pokerclub"
    verbose_name = "Clubs"
