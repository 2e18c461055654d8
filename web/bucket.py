"""A token bucket: a burst a person could make, then a steady rate (the limits of web/public_writes.py,
web/pin_tries.py and web/sign_ins.py)."""

from __future__ import annotations


class Bucket:
    def __init__(self, burst: int, rate: float, now: float) -> None:
        self.burst, self.rate, self.level, self.at = burst, rate, float(burst), now

    def refill(self, now: float) -> None:
        self.level = min(self.burst, self.level + max(0.0, now - self.at) * self.rate)
        self.at = now

    def wait(self) -> float:
        """Seconds until one token is there (0 when one is)."""
        return 0.0 if self.level >= 1 else (1 - self.level) / self.rate

    def full(self) -> bool:
        return self.level >= self.burst


class Buckets:
    """One bucket a key (an address, a seat), at most `keep` of them: the oldest full ones are forgotten
    first (a full bucket is what a new one would be), then the longest untouched. Not locked: its owner
    holds its own lock around a check and a take, so that both are one step."""

    def __init__(self, burst: int, rate: float, keep: int = 600) -> None:
        self.burst, self.rate, self.keep = burst, rate, keep
        self._buckets: dict[str, Bucket] = {}

    def get(self, key: str, now: float) -> Bucket:
        mine = self._buckets.get(key)
        if mine is None:
            if len(self._buckets) >= self.keep:
                self._forget(now)
            mine = self._buckets[key] = Bucket(self.burst, self.rate, now)
        mine.refill(now)
        return mine

    def has(self, key: str) -> bool:
        return key in self._buckets

    def last(self, key: str) -> float | None:
        """When this key's bucket was last looked at (each try looks, taken or refused), None if never."""
        mine = self._buckets.get(key)
        return None if mine is None else mine.at

    def crowded(self, now: float) -> bool:
        """Whether a new key would have to push out one that is not full (so its owner's count is lost)."""
        if len(self._buckets) < self.keep:
            return False
        self._forget(now, full_only=True)
        return len(self._buckets) >= self.keep

    def _forget(self, now: float, full_only: bool = False) -> None:
        for key, bucket in list(self._buckets.items()):
            bucket.refill(now)
            if bucket.full():
                del self._buckets[key]
        while not full_only and len(self._buckets) >= self.keep:
            del self._buckets[min(self._buckets, key=lambda k: self._buckets[k].at)]
