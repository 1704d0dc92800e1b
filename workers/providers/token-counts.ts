/**
 * A tokenizer's counts kept for the texts it met most recently. A reply's prompt counts the same texts
 * again and again (the definition, the history, the lorebook entries that keep firing), and a real
 * tokenizer costs about 0.2 ms per thousand characters, so a chat's prompt is built from counts
 * already known (issue 12 §9: a 100-entry lorebook adds at most 2 ms to prompt building).
 */
export class TokenCounts {
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly tokenize: (text: string) => number,
    private readonly capacity = 8_192,
  ) {}

  count(text: string): number {
    const known = this.counts.get(text);
    if (known !== undefined) {
      // Most recent last: a Map iterates in insertion order, so the first key is the least recent.
      this.counts.delete(text);
      this.counts.set(text, known);
      return known;
    }
    const counted = this.tokenize(text);
    this.counts.set(text, counted);
    if (this.counts.size > this.capacity) {
      const oldest = this.counts.keys().next();
      if (oldest.done !== true) this.counts.delete(oldest.value);
    }
    return counted;
  }
}
