import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cx } from '../../lib/cx.ts';
import { useDebouncedValue } from '../../lib/hooks/use-debounced-value.ts';
import { inputClassName } from './form-field.tsx';

type SearchFieldProps = {
  /** Read by screen readers only: the placeholder says what can be typed. */
  label: string;
  placeholder?: string;
  /** The search in force (often from the address): a change made elsewhere (a reset, "back") shows here. */
  value: string;
  /** The trimmed text, once typing pauses: a list asks the API once, not on every key. */
  onSearch: (search: string) => void;
  className?: string;
};

/** A list's search box: a magnifier, the text as typed, the search sent once typing pauses. */
export function SearchField({ label, placeholder, value, onSearch, className }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim());
  // The last search sent or received, to tell typing from a change made elsewhere.
  const current = useRef(value);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text is a new search.
  useEffect(() => {
    if (debounced === current.current) return;
    current.current = debounced;
    onSearch(debounced);
  }, [debounced]);

  useEffect(() => {
    if (value === current.current) return;
    current.current = value;
    setText(value);
  }, [value]);

  return (
    <div className={cx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <IconSearch
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-400"
      />
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={cx(inputClassName, 'pl-10')}
      />
    </div>
  );
}
