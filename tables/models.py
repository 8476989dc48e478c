"""The ``tables`` app's models, one module per domain: Django registers an app's models by
importing this module, so it names every domain's ``models`` module and nothing else.
Code imports a model from its domain (``tables.play.models``, ...), never from here."""

from tables.hands import models as hands_models
from tables.money import models as money_models
from tables.nights import models as nights_models
from tables.play import models as play_models
from tables.tournaments import models as tournaments_models

__all__ = ["hands_models", "money_models", "nights_models", "play_models", "tournaments_models"]
