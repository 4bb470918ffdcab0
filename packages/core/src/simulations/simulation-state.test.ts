import { describe, expect, it } from 'vitest';
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
