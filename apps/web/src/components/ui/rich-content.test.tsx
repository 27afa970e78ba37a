import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichContent } from './rich-content.tsx';

function shadowOf(): ShadowRoot {
  const root = screen.getByTestId('rich-content').shadowRoot;
  if (!root) throw new Error('no shadow root');
  return root;
}

describe('RichContent', () => {
  it('renders the HTML inside a shadow root, not in the page DOM', () => {
    render(<RichContent html="<h2>Conditions</h2><ul><li>Article 1</li></ul>" />);
    const root = shadowOf();
    expect(root.querySelector('h2')?.textContent).toBe('Conditions');
    expect(root.querySelector('li')?.textContent).toBe('Article 1');
    expect(screen.queryByText('Conditions')).toBeNull();
  });

  it('indents list items by 0.75rem with a style local to the shadow root', () => {
    render(<RichContent html="<ol><li>a</li></ol>" />);
    const style = shadowOf().querySelector('style');
    expect(style?.textContent).toMatch(/li\s*\{[^}]*margin-left:\s*0\.75rem/);
    expect(document.head.querySelector('style')?.textContent ?? '').not.toContain('0.75rem');
  });

  it('strips scripts, event handlers and javascript: links', () => {
    render(
      <RichContent
        html={
          '<p>ok</p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2"><a href="javascript:alert(1)">lien</a>'
        }
      />,
    );
    const root = shadowOf();
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(root.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(root.querySelector('p')?.textContent).toBe('ok');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('replaces the content when the HTML changes, reusing the shadow root', () => {
    const { rerender } = render(<RichContent html="<p>v1</p>" />);
    const root = shadowOf();
    rerender(<RichContent html="<p>v2</p>" />);
    expect(shadowOf()).toBe(root);
    expect(root.querySelectorAll('p')).toHaveLength(1);
    expect(root.querySelector('p')?.textContent).toBe('v2');
  });
});
