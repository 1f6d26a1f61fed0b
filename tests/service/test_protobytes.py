"""The compiled encoders write what protobuf writes, at the edges the games' views may not reach:
negative and large numbers, zeros with and without presence, empty lists and strings, and a
value that is not a dataclass (the reflection path)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from kennel import wire
from kennel.domain.core.rules import Outcome, Prompt, PromptKind
from kennel.service import protobytes
from kennel.v1 import kennel_pb2 as pb


@pytest.mark.parametrize(
    "outcome",
    [
        Outcome(winners=(), scores=(), reason=""),
        Outcome(winners=(0,), scores=(0, -1, 2**31 - 1, -(2**31)), reason="seat 0 won"),
        Outcome(winners=(1, 2), scores=(20_000, 127, 128, 16_383, 16_384), reason="¡tie! " * 3_000),
    ],
)
def test_numbers_lists_and_strings_are_written_as_protobuf_writes_them(outcome: Outcome) -> None:
    expected = pb.Outcome(winners=outcome.winners, scores=outcome.scores, reason=outcome.reason)
    assert protobytes.encoder(pb.Outcome.DESCRIPTOR)(outcome) == expected.SerializeToString()


def test_a_zero_without_presence_is_left_out_and_an_enum_is_numbered_by_its_name() -> None:
    prompt = Prompt(seat=0, kind=PromptKind.SECRET_CHOICE, label="")
    expected = pb.Prompt(seat=0, kind=pb.PROMPT_KIND_SECRET_CHOICE, label="")
    assert protobytes.encoder(pb.Prompt.DESCRIPTOR)(prompt) == expected.SerializeToString() == b"\x10\x03"


def test_a_field_with_presence_is_written_when_set_even_to_zero() -> None:
    @dataclass(frozen=True)
    class Info:
        seat: int
        name: str | None

    encode = protobytes.encoder(pb.SeatInfo.DESCRIPTOR)
    assert encode(Info(0, "")) == pb.SeatInfo(seat=0, name="").SerializeToString() == b"\x12\x00"
    assert encode(Info(3, None)) == pb.SeatInfo(seat=3).SerializeToString()


def test_a_value_that_is_not_a_dataclass_goes_through_reflection_alike() -> None:
    encode = protobytes.encoder(pb.Outcome.DESCRIPTOR)
    data = {"winners": [1], "scores": [2, -3], "reason": "why"}
    assert encode(data) == encode(Outcome((1,), (2, -3), "why")) == pb.Outcome(**data).SerializeToString()


def test_a_field_the_proto_lacks_is_refused_as_wire_fill_refuses_it() -> None:
    @dataclass(frozen=True)
    class Stray:
        seat: int
        colour: str

    with pytest.raises(wire.WireError, match="colour"):
        protobytes.encoder(pb.SeatInfo.DESCRIPTOR)(Stray(1, "red"))
