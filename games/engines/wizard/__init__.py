"""Wizard (rulebook `002_…`, Italian): 60 cards, 3-6 players, and the seven variants.

Options, actions, view keys, the auto_action policy and the rule decisions
are documented in README.md next to this file.
"""

from games.engines.wizard.engine import WizardEngine

ENGINE = WizardEngine()

__all__ = ["ENGINE", "WizardEngine"]
