/**
 * Why a file could not be read as a character card, naming where: a card path such as `data.first_mes`,
 * or `file` / `png` for the container itself. The server answers it as `card_invalid` with that field.
 */
export class CardError extends Error {
  /** The card path or container part at fault. */
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'CardError';
    this.field = field;
  }
}
