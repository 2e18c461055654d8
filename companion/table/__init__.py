"""The running table: the game loop, the programming flow, the physical instructions.

Everything outside the table (boxes, web, hardware, the run) uses it through what is named here."""

from .changes import Moved
from .commands import (
    PACES,
    REFEREE,
    Acknowledge,
    BoxStatus,
    Command,
    Decide,
    ImportGame,
    Lock,
    MoveSeat,
    NewGame,
    Refused,
    RenewLink,
    ResumeGame,
    Rollback,
    SetBlind,
    SetBoard,
    SetLanguage,
    SetOrder,
    SetPace,
    SetProgram,
    TellTile,
    Unlock,
)
from .instructions import Instruction
from .snapshot import SeatSnapshot
from .table import Table

__all__ = [
    "PACES", "REFEREE", "Acknowledge", "BoxStatus", "Command", "Decide", "ImportGame", "Instruction", "Lock",
    "MoveSeat", "Moved", "NewGame", "Refused", "RenewLink", "ResumeGame", "Rollback", "SeatSnapshot", "SetBlind",
    "SetBoard", "SetLanguage", "SetOrder", "SetPace", "SetProgram", "Table", "TellTile", "Unlock",
]
