import { describe, expect, it } from 'vitest';
import type { Seeder } from '../runtime/runtime.port.js';
import { SimulationState } from './simulation-state.js';

describe('SimulationState', () => {
  it('keeps insertion order, also when a key is written again', () => {
    const state = new SimulationState();
    state.put('pets', 'b', { n: 1 });
    state.put('pets', 'a', { n: 2 });
    state.put('pets', 'b', { n: 3 });
    expect([...state.entries('pets')]).toEqual([
      ['b', { n: 3 }],
      ['a', { n: 2 }],
    ]);
    expect(state.size('pets')).toBe(2);
    expect(state.size('none')).toBe(0);
    expect([...state.entries('none')]).toEqual([]);
  });

  it('records changes, and replaying them onto a snapshot rebuilds the state exactly', () => {
    const state = new SimulationState();
    state.put('pets', 'a', { name: 'Rex' });
    state.takeChanges();
    const snapshot = state.toSnapshot();
    state.put('pets', 'b', { name: 'Fido' });
    expect(state.delete('pets', 'a')).toBe(true);
    expect(state.delete('pets', 'missing')).toBe(false);
    state.put('orders', '1', [1, 'two', null]);
    const changes = state.takeChanges();
    expect(changes).toHaveLength(3);
    expect(state.takeChanges()).toEqual([]);
    const rebuilt = SimulationState.fromSnapshot(snapshot);
    rebuilt.apply(changes);
    expect(Buffer.from(rebuilt.toSnapshot()).equals(Buffer.from(state.toSnapshot()))).toBe(true);
    expect(rebuilt.takeChanges()).toEqual([]);
  });

  it('appends changes to a snapshot without reading it, and reads them back in order', () => {
    const state = new SimulationState();
    state.put('pets', 'a', { name: 'Rex', note: 'line\nbreak ✓' });
    state.takeChanges();
    const snapshot = state.toSnapshot();
    expect(SimulationState.withChanges(snapshot, [])).toBe(snapshot);
    state.put('pets', 'b', { name: 'Fido' });
    const first = state.takeChanges();
    state.delete('pets', 'a');
    state.put('pets', 'b', { name: 'Fido II' });
    const second = state.takeChanges();
    // A fork of a fork appends a second line of changes.
    const chained = SimulationState.withChanges(SimulationState.withChanges(snapshot, [JSON.stringify(first)]), [JSON.stringify(second), '[]']);
    expect(Buffer.from(chained).subarray(0, snapshot.byteLength).equals(Buffer.from(snapshot))).toBe(true);
    const rebuilt = SimulationState.fromSnapshot(chained);
    expect(Buffer.from(rebuilt.toSnapshot()).equals(Buffer.from(state.toSnapshot()))).toBe(true);
    expect([...rebuilt.entries('pets')]).toEqual([['b', { name: 'Fido II' }]]);
    expect(rebuilt.takeChanges()).toEqual([]);
  });

  it('refuses a snapshot of an unknown version', () => {
    expect(() => SimulationState.fromSnapshot(Buffer.from('{"v":99,"collections":[]}'))).toThrow(/version/);
  });
});

describe('SimulationState.snapshotWriter', () => {
  it('writes the bytes toSnapshot writes, in slices of any size, as the state was when it was made', () => {
    const state = new SimulationState();
    for (let i = 0; i < 7; i += 1) state.put('pets', `p${i}`, { name: `pet ${i}`, tags: ['a', 'é'], n: i });
    state.put('orders', 'o1', { total: 1.5, note: null });
    state.put('empty-soon', 'x', 1);
    state.delete('empty-soon', 'x');
    state.put('__proto__', 'k', 'v');
    const expected = Buffer.from(state.toSnapshot());
    for (const slice of [1, 2, 3, 8, 100]) {
      const writer = state.snapshotWriter();
      // Changes after the writer is made are not in its snapshot.
      state.put('pets', 'p-later', { name: 'later' });
      let slices = 1;
      while (!writer.write(slice)) slices += 1;
      expect(writer.write(slice)).toBe(true);
      expect(Buffer.from(writer.bytes()).equals(expected)).toBe(true);
      expect(slices).toBeGreaterThanOrEqual(Math.ceil(9 / slice));
      state.delete('pets', 'p-later');
    }
    expect(Buffer.from(SimulationState.fromSnapshot(state.snapshotWriter().bytes()).toSnapshot()).equals(expected)).toBe(true);
    expect(Buffer.from(new SimulationState().snapshotWriter().bytes()).toString()).toBe('{"v":1,"collections":[]}');
  });
});

/** A seeder of two parts: `pets` (with the toys nested under its pets) and `owners`; it notes each part it seeds. */
function twoParts(): { seeder: Seeder; seeded: string[] } {
  const seeded: string[] = [];
  const seeder: Seeder = {
    parts: ['pets', 'owners'],
    partsFor: (collection) => (collection === 'pets' || collection.startsWith('pets.toys:') ? ['pets'] : collection === 'owners' ? ['owners'] : []),
    seed: (part, state) => {
      seeded.push(part);
      if (part === 'owners') state.put('owners', 'o1', { name: 'Ada' });
      else {
        state.put('pets', 'p1', { name: 'Rex' });
        state.put('pets.toys:p1', 't1', { kind: 'ball' });
      }
    },
  };
  return { seeder, seeded };
}

describe('SimulationState seeded a part at a time', () => {
  it('seeds a part, once, when a collection of it is first read or written, and records no change for it', () => {
    const { seeder, seeded } = twoParts();
    const state = new SimulationState(seeder);
    expect(state.recordCount()).toBe(0);
    expect(state.get('elsewhere', 'x')).toBeUndefined();
    expect(seeded).toEqual([]);
    expect(state.size('pets.toys:p1')).toBe(1);
    expect(seeded).toEqual(['pets']);
    state.put('pets', 'p2', { name: 'Fido' });
    expect([...state.entries('pets')].map(([key]) => key)).toEqual(['p1', 'p2']);
    expect(state.takeChanges()).toEqual([{ op: 'put', collection: 'pets', key: 'p2', value: { name: 'Fido' } }]);
    expect(state.delete('owners', 'o1')).toBe(true);
    expect(seeded).toEqual(['pets', 'owners']);
    expect(state.takeChanges()).toEqual([{ op: 'delete', collection: 'owners', key: 'o1' }]);
    expect(state.size('owners')).toBe(0);
    expect(seeded).toEqual(['pets', 'owners']);
  });

  it('names the parts seeded in its snapshots; read back with the seeder, the others are seeded when reached', () => {
    const { seeder } = twoParts();
    const state = new SimulationState(seeder);
    state.put('pets', 'p2', { name: 'Fido' });
    state.takeChanges();
    const snapshot = state.toSnapshot();
    expect(JSON.parse(Buffer.from(snapshot).toString())).toEqual({
      v: 2,
      seeded: ['pets'],
      collections: [
        ['pets', [['p1', { name: 'Rex' }], ['p2', { name: 'Fido' }]]],
        ['pets.toys:p1', [['t1', { kind: 'ball' }]]],
      ],
    });
    expect(Buffer.from(state.snapshotWriter().bytes()).equals(Buffer.from(snapshot))).toBe(true);
    expect(() => SimulationState.fromSnapshot(snapshot)).toThrow(/seeder/);
    const again = twoParts();
    const rebuilt = SimulationState.fromSnapshot(snapshot, again.seeder);
    expect([...rebuilt.entries('pets')].map(([key]) => key)).toEqual(['p1', 'p2']);
    expect(again.seeded).toEqual([]);
    expect(rebuilt.get('owners', 'o1')).toEqual({ name: 'Ada' });
    expect(again.seeded).toEqual(['owners']);
    expect(rebuilt.takeChanges()).toEqual([]);
  });

  it('replays changes onto a snapshot taken before their part was seeded: the seeded records come first, as they did', () => {
    const { seeder } = twoParts();
    const state = new SimulationState(seeder);
    const before = state.toSnapshot();
    state.put('owners', 'o2', { name: 'Grace' });
    state.delete('owners', 'o1');
    const changes = state.takeChanges();
    const rebuilt = SimulationState.fromSnapshot(SimulationState.withChanges(before, [JSON.stringify(changes)]), twoParts().seeder);
    expect([...rebuilt.entries('owners')]).toEqual([...state.entries('owners')]);
    expect([...rebuilt.entries('owners')]).toEqual([['o2', { name: 'Grace' }]]);
    expect(Buffer.from(rebuilt.toSnapshot()).equals(Buffer.from(state.toSnapshot()))).toBe(true);
  });

  it('reads a snapshot of a state seeded at once as holding every part, seeder or not', () => {
    const state = new SimulationState();
    state.put('pets', 'p9', { name: 'Solo' });
    const { seeder, seeded } = twoParts();
    const rebuilt = SimulationState.fromSnapshot(state.toSnapshot(), seeder);
    expect([...rebuilt.entries('pets')].map(([key]) => key)).toEqual(['p9']);
    expect(rebuilt.size('owners')).toBe(0);
    expect(seeded).toEqual([]);
  });
});
