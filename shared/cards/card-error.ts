/**
 * Why a file could not be read as a character card, naming where: a card path such as `data.first_mes`,
 * or `file` / `png` for the container itself. The server answers `card_invalid` with that field, or
 * `unsupported_media_type` when the file is not a card container at all (a JPEG, a PDF).
 */
export class CardError extends Error {
  /** The card path or container part at fault. */
  readonly field: string;
  /** Whether the file is neither JSON nor PNG, rather than a broken or oversize card. */
  readonly isWrongType: boolean;

  constructor(field: string, message: string, opts: { isWrongType?: boolean } = {}) {
    super(message);
    this.name = 'CardError';
    this.field = field;
    this.isWrongType = opts.isWrongType ?? false;
  }
}
