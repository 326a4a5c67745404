"""A hostile or broken game-record file, given to either kit's record loader, is refused in one
line that names the file (both read records through `kit_common.files`)."""

from __future__ import annotations

import pytest

from dino_kit import records as dino_records
from martian_kit import records as martian_records

LOADERS = pytest.mark.parametrize(
    "records", [martian_records, dino_records], ids=["martian_kit", "dino_kit"]
)


@LOADERS
@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b'{"players": ["\xe9"]}', "not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "nests deeper than 64 levels"),
        (b'{"seed": ' + b"9" * 5000 + b"}", "a number of 5000 characters"),
        (b'{"seed": NaN}', "NaN is not a number JSON allows"),
        (b'{"seed": 1e999}', "too large"),
        (b"{", "not valid JSON"),
    ],
)
def test_a_hostile_file_is_one_line(tmp_path, records, content: bytes, says: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    with pytest.raises(records.RecordError) as raised:
        records.load(path)
    assert says in str(raised.value) and "\n" not in str(raised.value)
    assert str(raised.value).startswith(str(path))


@LOADERS
def test_a_missing_file_and_a_folder_are_one_line(tmp_path, records) -> None:
    for path, says in ((tmp_path / "nope.json", "no such file"), (tmp_path, "a folder")):
        with pytest.raises(records.RecordError, match=says) as raised:
            records.load(path)
        assert "\n" not in str(raised.value)
