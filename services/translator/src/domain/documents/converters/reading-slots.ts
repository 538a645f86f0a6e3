// Reading a PDF or an image (pdftohtml, Tesseract) happens at upload, on the request path, so that
// the characters are billed before any work is queued. A process runs at most `size` readings at
// once; further uploads wait their turn instead of starting one more process each.
export class ReadingSlots {
  private busy = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy -= 1;
    }
  }
}
