"""Chart updates every page view shows: the shared helper of the Martian Dice widgets."""

from martian_kit.widgets.base import updating

__all__ = ["updating"]
