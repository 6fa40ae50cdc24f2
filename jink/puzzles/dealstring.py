"""The former place of :mod:`jink.formats.dealstring` (deal strings), kept so
that code importing ``jink.puzzles.dealstring`` goes on working; new code
imports :mod:`jink.formats.dealstring`."""

from jink.formats.dealstring import deal_string, parse_deal_string, read_deal_string

__all__ = ["deal_string", "parse_deal_string", "read_deal_string"]
