"""Game records of both games, in the project's record format
(``docs/records.md``): tag pairs, the moves, comments and a result.

``Record`` reads one record from text or is made from a position's pushed
moves; ``Reader`` streams the records of a file; ``read`` and
``read_text`` are shorthands for them.

>>> text = '[Game "chaturaji"]\\n[Result "*"]\\n[Termination "unfinished"]\\n\\n1. 2:h1f3 5:e7e6 *\\n'
>>> record = Record(text)
>>> record.actions
['2:h1f3', '5:e7e6']
>>> record.final_position().pop()
(5, Move('e7e6'))
"""

import os
from typing import IO, Union

from ._native import record as _native

Record = _native.Record
Reader = _native.Reader


def read(source: Union[IO[str], IO[bytes], str, "os.PathLike[str]"], *, skip_errors: bool = False) -> Reader:
    """The records of ``source``: a file object (text or binary) or a path.

    The same as ``Reader(source, skip_errors=skip_errors)``.
    """
    return Reader(source, skip_errors=skip_errors)


def read_text(text: str, *, skip_errors: bool = False) -> Reader:
    """The records in the string ``text``.

    The same as ``Reader.from_text(text, skip_errors=skip_errors)``.
    """
    return Reader.from_text(text, skip_errors=skip_errors)


__all__ = ["Reader", "Record", "read", "read_text"]
