import { describe, expect, it } from 'vitest';
import { paths, returnPath } from '../../../../client/lib/paths';

describe('returnPath', () => {
  it('keeps a same-site page with its query', () => {
    expect(returnPath('/chatbot/abc')).toBe('/chatbot/abc');
    expect(returnPath('/chat/abc/new?x=1')).toBe('/chat/abc/new?x=1');
  });

  it('refuses anything that could leave the site', () => {
    for (const path of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'chatbot/abc', '']) {
      expect(returnPath(path)).toBeNull();
    }
    expect(returnPath(null)).toBeNull();
  });

  it('leaves out home and sign-up itself, which need no return', () => {
    expect(returnPath('/')).toBeNull();
    expect(returnPath('/?page=2')).toBeNull();
    expect(returnPath('/signup?next=/x')).toBeNull();
  });
});

describe('paths.signup', () => {
  it('carries where to go back to, only when there is somewhere', () => {
    expect(paths.signup.build()).toBe('/signup');
    expect(paths.signup.build('/')).toBe('/signup');
    expect(paths.signup.build('//evil.test')).toBe('/signup');
    expect(paths.signup.build('/chatbot/abc')).toBe('/signup?next=%2Fchatbot%2Fabc');
  });
});
