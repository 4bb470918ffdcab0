/** An event waiting to be committed: when it falls due, and the record and rule it applies to. */
export interface Due<T> {
  at: number;
  item: T;
  rule: number;
}

export type Ordered<T> = Due<T> & { order: number };

/**
 * Due events by time, then by the order they were scheduled (ties are committed in that
 * order). The events found at the start are sorted once; those scheduled while committing (an
 * event that makes another fall due) go to a binary heap, and each pop takes the earlier head.
 */
export class EventQueue<T> {
  readonly #sorted: Ordered<T>[];
  #next = 0;
  readonly #heap: Ordered<T>[] = [];
  #pushed: number;

  /** `initial` in the order it was scheduled (numbered by `order`); the queue sorts and keeps it. */
  constructor(initial: Ordered<T>[]) {
    this.#sorted = initial.sort((a, b) => a.at - b.at || a.order - b.order);
    this.#pushed = initial.length;
  }

  push(due: Due<T>): void {
    const heap = this.#heap;
    heap.push({ at: due.at, item: due.item, rule: due.rule, order: this.#pushed++ });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  pop(): Due<T> | undefined {
    const head = this.#sorted[this.#next];
    const top = this.#heap[0];
    if (head !== undefined && (top === undefined || before(head, top))) {
      this.#next += 1;
      return head;
    }
    return top === undefined ? undefined : this.#popHeap();
  }

  #popHeap(): Due<T> {
    const heap = this.#heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length === 0) return top;
    heap[0] = last;
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && before(heap[left]!, heap[least]!)) least = left;
      if (right < heap.length && before(heap[right]!, heap[least]!)) least = right;
      if (least === i) break;
      [heap[i], heap[least]] = [heap[least]!, heap[i]!];
      i = least;
    }
    return top;
  }
}

function before<T>(x: Ordered<T>, y: Ordered<T>): boolean {
  return x.at < y.at || (x.at === y.at && x.order < y.order);
}
