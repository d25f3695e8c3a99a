"""The MCR hand generator, kept under its old name for the tests: it lives in `bench.mcr_hands`,
where `python -m bench` imports it without importing the tests."""

from bench.mcr_hands import McrCase, Meld, mcr_case, reference_tile

__all__ = ["McrCase", "Meld", "mcr_case", "reference_tile"]
