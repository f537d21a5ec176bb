/** Anything OpenCV allocates on its WebAssembly heap (Mat, MatVector, …). */
interface Deletable {
  delete(): void;
}

/**
 * Tracks OpenCV objects so they are freed together: the WebAssembly heap is not garbage
 * collected, and a stage that throws half-way must not leak its buffers.
 */
export class MatScope {
  private readonly owned: Deletable[] = [];

  /** Registers an object to free with the scope and returns it. */
  add<T extends Deletable>(obj: T): T {
    this.owned.push(obj);
    return obj;
  }

  /** Frees every registered object (newest first). */
  release(): void {
    for (let i = this.owned.length - 1; i >= 0; i--) {
      try {
        this.owned[i]!.delete();
      } catch {
        // already freed: nothing to do
      }
    }
    this.owned.length = 0;
  }
}
