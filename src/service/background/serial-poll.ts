// A poll that never overlaps itself: one asked for while another runs is run once after it
// (however many were asked for meanwhile). The callback and mail loops read what is due and put
// it in flight in one poll; two at once could both read the same row as due.
export class SerialPoll {
  #running = false;
  #again = false;

  constructor(private readonly once: () => Promise<void>) {}

  async run(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    try {
      await this.once();
    } finally {
      this.#running = false;
    }
    if (this.#again) {
      this.#again = false;
      await this.run();
    }
  }
}
