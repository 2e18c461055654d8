"""The running table: the game loop, sealed choices (Xidit's programs), chance told or drawn, the physical
instructions, for any game module the registry knows (what it asks of a game: game_parts.GameTable).

Everything outside the table (boxes, web, hardware, the run) uses it through what is named here."""

from .changes import Moved
from .commands import (
    PACES,
    REFEREE,
    Acknowledge,
    BoxStatus,
    Command,
    Countdown,
    Decide,
    EditDraft,
    ImportGame,
    MoveSeat,
    NewGame,
    Refused,
    RenewLink,
    ResumeGame,
    Rollback,
    Seal,
    SeenReveal,
    SetBlind,
    SetBoard,
    SetChance,
    SetLanguage,
    SetPace,
    State,
    Tell,
    Unseal,
)
from .game_parts import GameTable
from .instructions import Instruction
from .snapshot import SeatSnapshot
from .table import Table

__all__ = [
    "PACES", "REFEREE", "Acknowledge", "BoxStatus", "Command", "Countdown", "Decide", "EditDraft", "GameTable",
    "ImportGame", "Instruction", "MoveSeat", "Moved", "NewGame", "Refused", "RenewLink", "ResumeGame", "Rollback",
    "Seal", "SeatSnapshot", "SeenReveal", "SetBlind", "SetBoard", "SetChance", "SetLanguage", "SetPace", "State",
    "Table", "Tell", "Unseal",
]
