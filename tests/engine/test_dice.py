from collections import Counter

import pytest

from mythtable.engine.dice import Rng, ScriptedRng

PINNED_D6 = [4, 1, 1, 4, 5, 4, 5, 1, 6, 6, 2, 5]
PINNED_SHUFFLE = [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]


def test_same_seed_same_numbers_and_copy_is_independent() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.roll(20) for _ in range(50)] == [b.roll(20) for _ in range(50)]
    c = a.copy()
    assert c.roll(6) == a.roll(6)
    c.roll(6)
    assert c.state != a.state


def test_known_values_do_not_drift() -> None:
    """Records replay only if the generator never changes: pin its first outputs."""
    rng = Rng(7)
    assert [rng.roll(6) for _ in range(12)] == PINNED_D6
    rng = Rng(7)
    items = list(range(10))
    rng.shuffle(items)
    assert items == PINNED_SHUFFLE


def test_splitmix_reference_value() -> None:
    # SplitMix64 with seed 0: first output is 0xE220A8397B1DCDAF (the published reference value).
    assert Rng(0).next64() == 0xE220A8397B1DCDAF


def test_roll_is_roughly_uniform() -> None:
    rng = Rng(1)
    counts = Counter(rng.roll(6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_000 < n < 11_000 for n in counts.values())


def test_shuffle_is_a_permutation() -> None:
    rng = Rng(3)
    items = list(range(40))
    rng.shuffle(items)
    assert sorted(items) == list(range(40)) and items != list(range(40))


def test_scripted_rolls_come_first_then_the_seeded_sequence() -> None:
    rng = ScriptedRng([6, 5])
    assert rng.roll(6) == 6 and rng.roll(6) == 5
    assert 1 <= rng.roll(6) <= 6
    with pytest.raises(ValueError):
        ScriptedRng([7]).roll(6)
