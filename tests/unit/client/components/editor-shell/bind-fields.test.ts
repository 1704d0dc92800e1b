import { describe, expect, it } from 'vitest';
import { bindText, settersOf } from '../../../../../client/components/editor-shell/bind-fields';

interface Values {
  name: string;
  isNsfw: boolean;
}

describe('settersOf', () => {
  it('answers a handler per field that updates only that field', () => {
    const updates: Partial<Values>[] = [];
    const set = settersOf<Values>((next) => updates.push(next));
    set('isNsfw')(true);
    set('name')('Nova');
    expect(updates).toEqual([{ isNsfw: true }, { name: 'Nova' }]);
  });
});

describe('bindText', () => {
  it("binds a text field to its value, its limit's max and its error", () => {
    const text = bindText<'name'>(
      { name: 'Nova' },
      { name: 'This field is required' },
      { name: { max: 50 } },
      () => () => undefined,
    );
    expect(text('name')).toMatchObject({
      value: 'Nova',
      maxLength: 50,
      error: 'This field is required',
    });
  });
});
