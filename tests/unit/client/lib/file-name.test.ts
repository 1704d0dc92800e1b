import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../../../client/lib/api-client';
import { cardFileProblem } from '../../../../client/features/cards/components/import-card-dialog';

describe('fileNameOf', () => {
  it('prefers the exact UTF-8 name, then the plain one, then "download"', () => {
    expect(
      fileNameOf(`attachment; filename="Luc_a.png"; filename*=UTF-8''Luc%C3%ADa%20Ortega.png`),
    ).toBe('Lucía Ortega.png');
    expect(fileNameOf('attachment; filename="Nova_v2.json"')).toBe('Nova_v2.json');
    expect(fileNameOf(`attachment; filename="ok.json"; filename*=UTF-8''%E0%A4`)).toBe('ok.json');
    expect(fileNameOf(null)).toBe('download');
  });
});

describe('cardFileProblem', () => {
  it('names an empty or oversize file before any upload', () => {
    expect(cardFileProblem({ size: 0 })).toBe('The file is empty.');
    expect(cardFileProblem({ size: 8 * 1024 * 1024 + 1 })).toBe(
      'The card file is larger than 8 MB.',
    );
    expect(cardFileProblem({ size: 1024 })).toBeNull();
  });
});
