import { describe, expect, it } from 'vitest';
import {
  checkValues,
  emptyValues,
  valuesFromSeed,
} from '../../../../../client/features/authoring/editor-values';

const filled = {
  ...emptyValues,
  name: 'Aria',
  title: 'A ship captain',
  greeting: 'Welcome aboard.',
  guidelines: true,
};

describe('checkValues', () => {
  it('answers the save body, the NSFW tag following the flag', () => {
    const checked = checkValues({ ...filled, isNsfw: true, tags: ['Romance'] }, false);
    expect(checked).toMatchObject({ ok: true, body: { tags: ['NSFW', 'Romance'], isNsfw: true } });
  });

  it('names the first message of the shared schema per field', () => {
    const checked = checkValues(emptyValues, false);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      name: 'This field is required',
      title: 'This field is required',
      greeting: 'This field is required',
      guidelines: 'You must agree with the Community Guidelines',
    });
  });

  it('asks a public chatbot for a tag once the fields are valid', () => {
    const checked = checkValues({ ...filled, visibility: 'public' }, false);
    expect(checked).toEqual({ ok: false, errors: { tags: 'Public chatbots need at least 1 tag' } });
  });
});

describe('valuesFromSeed', () => {
  it('starts from an imported value but asks for the guidelines agreement again', () => {
    const values = valuesFromSeed({ name: 'Imported', tags: ['A'], guidelines: true });
    expect(values).toMatchObject({ name: 'Imported', tags: ['A'], guidelines: false, title: '' });
  });
});
