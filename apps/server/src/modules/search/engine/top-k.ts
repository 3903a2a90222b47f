/**
 * Keeps the k smallest (key, row) pairs offered, ordered by key and then row: a max-heap of size k, so
 * a page deep in a large result costs O(n log k) and no sort of every match.
 */
export class TopK {
  private readonly keys: Float64Array;
  private readonly rows: Int32Array;
  private size = 0;

  constructor(readonly capacity: number) {
    this.keys = new Float64Array(capacity);
    this.rows = new Int32Array(capacity);
  }

  private above(i: number, j: number): boolean {
    const a = this.keys[i]!;
    const b = this.keys[j]!;
    return a > b || (a === b && this.rows[i]! > this.rows[j]!);
  }

  private swap(i: number, j: number): void {
    const key = this.keys[i]!;
    this.keys[i] = this.keys[j]!;
    this.keys[j] = key;
    const row = this.rows[i]!;
    this.rows[i] = this.rows[j]!;
    this.rows[j] = row;
  }

  private siftDown(from: number): void {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) return;
      const right = left + 1;
      const larger = right < this.size && this.above(right, left) ? right : left;
      if (!this.above(larger, i)) return;
      this.swap(i, larger);
      i = larger;
    }
  }

  offer(key: number, row: number): void {
    if (this.size < this.capacity) {
      let i = this.size++;
      this.keys[i] = key;
      this.rows[i] = row;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.above(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (this.capacity === 0) return;
    const top = this.keys[0]!;
    if (key > top || (key === top && row > this.rows[0]!)) return;
    this.keys[0] = key;
    this.rows[0] = row;
    this.siftDown(0);
  }

  /** The kept rows, smallest first; empties the heap. */
  takeSorted(): number[] {
    const sorted = new Array<number>(this.size);
    while (this.size > 0) {
      sorted[this.size - 1] = this.rows[0]!;
      this.size--;
      this.swap(0, this.size);
      this.siftDown(0);
    }
    return sorted;
  }
}
