/**
 * Input entered into a server-rendered page before hydration reaches React's state afterwards, and a
 * control left as the server rendered it stays untouched.
 */
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { adoptEarlyInput, enteredBeforeStart, watchEarlyInput } from '../../../src/app/ssr/adopt-early-input';

function Form({ onChange }: { onChange: (field: string) => void }) {
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [topic, setTopic] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [untouched, setUntouched] = useState('');
  const change = (field: string, set: (value: never) => void) => (value: never) => {
    onChange(field);
    set(value);
  };
  return (
    <form>
      <label>
        Name <input id="name" value={text} onChange={(e) => change('name', setText)(e.target.value as never)} />
      </label>
      <label>
        Note <textarea id="note" value={note} onChange={(e) => change('note', setNote)(e.target.value as never)} />
      </label>
      <label>
        Topic
        <select value={topic} onChange={(e) => change('topic', setTopic)(e.target.value as never)}>
          <option value="">Choose</option>
          <option value="delivery">Delivery</option>
        </select>
      </label>
      <label>
        Agreed <input type="checkbox" checked={agreed} onChange={(e) => change('agreed', setAgreed)(e.target.checked as never)} />
      </label>
      <label>
        Untouched <input value={untouched} onChange={(e) => change('untouched', setUntouched)(e.target.value as never)} />
      </label>
      <output>{JSON.stringify({ text, note, topic, agreed, untouched })}</output>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

async function hydrated(enter: (container: HTMLElement) => void) {
  const onChange = vi.fn();
  document.body.innerHTML = `<div id="root">${renderToString(<Form onChange={onChange} />)}</div>`;
  const container = document.getElementById('root')!;
  enter(container);
  watchEarlyInput(container);
  await act(async () => {
    root = hydrateRoot(container, <Form onChange={onChange} />);
  });
  return { container, onChange };
}

describe('adoptEarlyInput', () => {
  // Text inputs, selects and checkboxes are checked in Chromium (test/e2e/server-rendering.test.ts):
  // jsdom resets them when React hydrates them, which a browser does not.
  it('hands what was typed before hydration to the state', async () => {
    const { container, onChange } = await hydrated(() => {
      // As the browser does before any script runs: the control changes, no handler hears it.
      (screen.getByLabelText('Note') as HTMLTextAreaElement).value = 'Wann kommt meine Bestellung?';
    });
    expect(screen.getByRole('status')).toHaveTextContent('"text":""');

    let adopted = 0;
    act(() => {
      adopted = adoptEarlyInput();
    });

    expect(adopted).toBe(1);
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      text: '',
      note: 'Wann kommt meine Bestellung?',
      topic: '',
      agreed: false,
      untouched: '',
    });
    expect(screen.getByLabelText('Note')).toHaveValue('Wann kommt meine Bestellung?');
    expect(onChange.mock.calls).toEqual([['note']]);
  });

  it('leaves a page nobody touched alone', async () => {
    const { container, onChange } = await hydrated(() => undefined);
    act(() => {
      expect(adoptEarlyInput()).toBe(0);
    });
    expect(onChange).not.toHaveBeenCalled();
  });

  /**
   * The server's form, typed into in its Note field before hydrating, with a password manager's icon
   * added where React's markup has nothing; `meanwhile` runs after the page took its controls.
   */
  async function hydratedAnew(meanwhile: () => void = () => undefined) {
    const onChange = vi.fn();
    document.body.innerHTML = `<div id="root">${renderToString(<Form onChange={onChange} />)}</div>`;
    const container = document.getElementById('root')!;
    const note = screen.getByLabelText('Note') as HTMLTextAreaElement;
    note.focus();
    note.value = 'Wann kommt meine Bestellung?';
    watchEarlyInput(container);
    note.after(Object.assign(document.createElement('div'), { className: 'pm-icon' }));
    meanwhile();
    await act(async () => {
      root = hydrateRoot(container, <Form onChange={onChange} />, { onRecoverableError: () => undefined });
    });
    return note;
  }

  it('hands the typing over, and the focus, also when React rendered the form anew (an extension had added to it before hydration)', async () => {
    const note = await hydratedAnew();
    const rendered = screen.getByLabelText('Note');
    expect(rendered).not.toBe(note);

    act(() => {
      expect(adoptEarlyInput()).toBe(1);
    });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '').note).toBe('Wann kommt meine Bestellung?');
    expect(rendered).toHaveValue('Wann kommt meine Bestellung?');
    expect(rendered).toHaveFocus();
  });

  it('moves the focus to the field the shopper went to while React was taking the page over', async () => {
    // Tab to the next field before React has replaced the form.
    await hydratedAnew(() => screen.getByLabelText('Name').focus());
    act(() => {
      adoptEarlyInput();
    });
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Note')).toHaveValue('Wann kommt meine Bestellung?');
  });

  it('keeps the caret and selection where the shopper left them in the field being typed into', async () => {
    await hydrated(() => {
      const note = screen.getByLabelText('Note') as HTMLTextAreaElement;
      note.focus();
      note.value = 'Sehr geehrte Damen und Herren';
      note.setSelectionRange(13, 18);
    });
    // The caret is put back once React has written the value: after the current task's microtasks.
    await act(async () => {
      adoptEarlyInput();
    });
    const note = screen.getByLabelText('Note') as HTMLTextAreaElement;
    expect([note.selectionStart, note.selectionEnd]).toEqual([13, 18]);
  });

  it('also in the counterpart when React rendered the form anew', async () => {
    await hydratedAnew(() => (screen.getByLabelText('Note') as HTMLTextAreaElement).setSelectionRange(4, 4));
    // The caret is put back once React has written the value: after the current task's microtasks.
    await act(async () => {
      adoptEarlyInput();
    });
    const rendered = screen.getByLabelText('Note') as HTMLTextAreaElement;
    expect(rendered).toHaveFocus();
    expect([rendered.selectionStart, rendered.selectionEnd]).toEqual([4, 4]);
  });

  it('gives the same state when run again, or after more typing', async () => {
    const { container } = await hydrated(() => {
      (screen.getByLabelText('Note') as HTMLTextAreaElement).value = 'Wann';
    });
    act(() => {
      adoptEarlyInput();
    });
    act(() => {
      adoptEarlyInput();
    });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '').note).toBe('Wann');
    expect(screen.getByLabelText('Note')).toHaveValue('Wann');
  });
});

describe('enteredBeforeStart', () => {
  const serverPage = () => {
    document.body.innerHTML = renderToString(<Form onChange={() => undefined} />);
    return document.body;
  };

  it('says no for the page as the server rendered it (a checkbox without a value attribute reads "on")', () => {
    expect(enteredBeforeStart(serverPage())).toBe(false);
  });

  it('says yes once a text was typed or a box ticked before the script ran', () => {
    const typed = serverPage();
    (screen.getByLabelText('Note') as HTMLTextAreaElement).value = 'Wann?';
    expect(enteredBeforeStart(typed)).toBe(true);
    const ticked = serverPage();
    (screen.getByLabelText('Agreed') as HTMLInputElement).checked = true;
    expect(enteredBeforeStart(ticked)).toBe(true);
  });
});
