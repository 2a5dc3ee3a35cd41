import { describe, expect, it } from 'vitest';
import { shareTargets } from '../../src/lib/share';

const all = { facebook: true, x: true, whatsapp: true, email: true, copyLink: true };
const url = 'https://club.example/news/win';

describe('share buttons (spec §3 share toggles)', () => {
  it('has a plain link per network and a copy-link button when all are enabled', () => {
    const targets = shareTargets(url, 'Stoke win & go top', all);
    expect(targets.map((t) => t.network)).toEqual(['facebook', 'x', 'whatsapp', 'email', 'copyLink']);
    expect(targets[0]?.href).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fclub.example%2Fnews%2Fwin');
    expect(targets[1]?.href).toBe('https://x.com/intent/post?url=https%3A%2F%2Fclub.example%2Fnews%2Fwin&text=Stoke%20win%20%26%20go%20top');
    expect(targets[2]?.href).toBe('https://wa.me/?text=Stoke%20win%20%26%20go%20top%20https%3A%2F%2Fclub.example%2Fnews%2Fwin');
    expect(targets[3]?.href).toBe('mailto:?subject=Stoke%20win%20%26%20go%20top&body=https%3A%2F%2Fclub.example%2Fnews%2Fwin');
    expect(targets[4]).toEqual({ network: 'copyLink', label: 'Copy link', href: null });
  });
  it('leaves out disabled networks', () => {
    expect(shareTargets(url, 't', { ...all, x: false, email: false }).map((t) => t.network)).toEqual(['facebook', 'whatsapp', 'copyLink']);
  });
  it('needs an absolute URL', () => {
    expect(() => shareTargets('/news/win', 't', all)).toThrow(TypeError);
  });
});
