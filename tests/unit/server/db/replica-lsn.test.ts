import { describe, expect, it } from 'vitest';
import {
  downRetryMs,
  lagFloor,
  lsnOfText,
  lsnText,
  parseLsn,
  replayCacheMs,
  replicaVerdict,
  requiredLsn,
} from '#server/db/replica-lsn';

describe('parseLsn', () => {
  it('reads a pg_lsn as one number, the high half first', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/E5E2558')).toBe(0xe5e2558n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
  });

  it('refuses what is not a WAL position', () => {
    expect(() => parseLsn('')).toThrow('not a WAL position');
    expect(() => parseLsn('16-B374D848')).toThrow('not a WAL position');
  });
});

describe('lsnText', () => {
  it('orders positions as strings in the order they have as numbers, and reads back', () => {
    const positions = ['0/FFFFFFFF', '1/0', '0/9', '0/10', '16/B374D848'].map(parseLsn);
    const byText = [...positions].sort((a, b) => (lsnText(a) < lsnText(b) ? -1 : 1));
    const byNumber = [...positions].sort((a, b) => (a < b ? -1 : 1));
    expect(byText).toEqual(byNumber);
    expect(positions.map((p) => lsnOfText(lsnText(p)))).toEqual(positions);
  });
});

describe('lagFloor', () => {
  const samples = [
    { at: 1_000, lsn: 100n },
    { at: 1_600, lsn: 160n },
    { at: 2_100, lsn: 210n },
  ];

  it('asks for the earliest position taken within the lag, keeping only those', () => {
    expect(lagFloor(samples, 2_500, 1_000)).toEqual({ floor: 160n, kept: samples.slice(1) });
    expect(lagFloor(samples, 2_000, 1_000)).toEqual({ floor: 100n, kept: samples });
  });

  it('has no floor when no position is recent enough, or with no lag allowed', () => {
    expect(lagFloor(samples, 5_000, 1_000)).toEqual({ floor: null, kept: [] });
    expect(lagFloor(samples, 2_200, 0)).toEqual({ floor: null, kept: [] });
    expect(lagFloor([], 0, 1_000).floor).toBeNull();
  });
});

describe('requiredLsn', () => {
  it('asks for the reader’s last write when it is past the lag floor, else the floor', () => {
    expect(requiredLsn(100n, null)).toBe(100n);
    expect(requiredLsn(100n, 250n)).toBe(250n);
    expect(requiredLsn(300n, 250n)).toBe(300n);
  });
});

describe('replicaVerdict', () => {
  const now = 10_000;
  const writerNeeds = requiredLsn(100n, 250n);
  const othersNeed = requiredLsn(100n, null);

  it('serves a reader from a replica that has replayed their last write', () => {
    expect(replicaVerdict({ replayed: 250n, checkedAt: now }, writerNeeds, now)).toBe('serve');
    expect(replicaVerdict({ replayed: 400n, checkedAt: now - 5_000 }, writerNeeds, now)).toBe(
      'serve',
    );
  });

  it('serves someone who did not write from a replica the writer must not read yet', () => {
    const behindTheWrite = { replayed: 200n, checkedAt: now };
    expect(replicaVerdict(behindTheWrite, othersNeed, now)).toBe('serve');
    expect(replicaVerdict(behindTheWrite, writerNeeds, now)).toBe('skip');
  });

  it('asks a short replica again once its known position is older than the cache', () => {
    const known = (age: number) => ({ replayed: 200n, checkedAt: now - age });
    expect(replicaVerdict(known(replayCacheMs - 1), writerNeeds, now)).toBe('skip');
    expect(replicaVerdict(known(replayCacheMs), writerNeeds, now)).toBe('ask');
  });

  it('skips a replica below the lag floor for everyone', () => {
    expect(replicaVerdict({ replayed: 50n, checkedAt: now }, othersNeed, now)).toBe('skip');
  });

  it('skips a down replica, retrying it in the background once its pause is over', () => {
    const down = (age: number) => ({ replayed: null, checkedAt: now - age });
    expect(replicaVerdict(down(downRetryMs - 1), othersNeed, now)).toBe('skip');
    expect(replicaVerdict(down(downRetryMs), othersNeed, now)).toBe('retry');
    expect(
      replicaVerdict({ replayed: null, checkedAt: Number.NEGATIVE_INFINITY }, othersNeed, now),
    ).toBe('retry');
  });
});
