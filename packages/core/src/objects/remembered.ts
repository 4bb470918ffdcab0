/**
 * `compute`, remembering its answers for the texts it is asked about most often: clients and
 * documents send the same few (Content-Types, tokens, timestamps, names), and each answer is
 * pure. Bounded: at `capacity` entries it starts again rather than tracking recency, and a text
 * longer than `maxLength` is answered without being kept.
 */
export function remembered<T>(compute: (text: string) => T, capacity = 256, maxLength = 256): (text: string) => T {
  const answers = new Map<string, T>();
  return (text) => {
    const known = answers.get(text);
    if (known !== undefined || answers.has(text)) return known as T;
    const answer = compute(text);
    if (text.length <= maxLength) {
      if (answers.size >= capacity) answers.clear();
      answers.set(text, answer);
    }
    return answer;
  };
}
