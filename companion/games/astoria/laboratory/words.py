"""The Laboratory's words that fill message fields (GameModule.words): the gem colours, as the rulebook names
them (« Rouge », « Bleu »…), so that a refusal or a result naming a colour reads in the table's language."""

from companion.core.errors import N_

COLOUR_WORDS = (N_("red"), N_("blue"), N_("yellow"), N_("green"), N_("violet"), N_("orange"))
