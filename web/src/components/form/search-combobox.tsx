import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  categoryName,
  SUGGESTION_TEXT_MIN,
  type PartSuggestions,
  type SuggestedPart,
} from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.js';
import { useCategories } from '../../lib/categories-query.js';
import { partSuggestionsQueryOptions } from '../../lib/part-suggestions-query.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';
import { SearchIcon } from '../icons/search.js';

/** How long typing pauses before the API is asked: each letter need not be a request. */
const TYPING_PAUSE_MS = 120;

/** One option of the list: a search to run (a completion, or Did you mean), or a part to open. */
type Suggestion =
  | { kind: 'search'; text: string }
  | { kind: 'did-you-mean'; text: string }
  | { kind: 'part'; part: SuggestedPart };

function suggestionsOf(data: PartSuggestions | undefined): Suggestion[] {
  if (!data) return [];
  return [
    ...(data.didYouMean ? [{ kind: 'did-you-mean' as const, text: data.didYouMean }] : []),
    ...data.searches.map((text) => ({ kind: 'search' as const, text })),
    ...data.parts.map((part) => ({ kind: 'part' as const, part })),
  ];
}

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const announcement = (count: number) =>
  count === 0
    ? ''
    : `${count} ${count === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose, Enter to go.`;

/**
 * A search field that suggests while typing (docs/decisions/095), the ARIA 1.2 combobox pattern:
 * the field (`inputProps`, spread on the `<input>`) owns a listbox of searches that complete the
 * last word, Did you mean for words that find nothing, and parts; Up and Down move through it,
 * Enter takes the option chosen (or sends the form as typed), Escape closes it, and a status
 * says how many there are. The field stays uncontrolled: words typed before the scripts run are
 * kept (decision 086). A search is sent through the form (`requestSubmit`), a part opens its page.
 * `popup` goes inside the form's box, which is `position: relative`.
 */
export function useSearchCombobox({
  onPart,
  align = 'left',
}: {
  /** After a part is opened (the header's row closes). */
  onPart?: () => void;
  /** Which edge of the field the list keeps to, where it is wider than the field. */
  align?: 'left' | 'right';
}): { inputProps: Record<string, unknown>; popup: ReactNode } {
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const settled = useSettled(text);
  const wanted = open && settled.trim().length >= SUGGESTION_TEXT_MIN;
  const { data } = useQuery({ ...partSuggestionsQueryOptions(settled), enabled: wanted });
  const options = wanted ? suggestionsOf(data) : [];
  const shown = options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const typed = (value: string) => {
    setText(value);
    setOpen(true);
    setActive(-1);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const take = (option: Suggestion, input: HTMLInputElement) => {
    close();
    if (option.kind === 'part') {
      onPart?.();
      input.form?.reset();
      setText('');
      void navigate(paths.part.getHref(option.part._id));
      return;
    }
    input.value = option.text;
    setText(option.text);
    input.form?.requestSubmit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the field, Down goes to the first and Up to the last; past either end, back to the field.
      setActive((current) => {
        const next = current + step;
        if (current === -1) return step === 1 ? 0 : options.length - 1;
        return next < 0 || next >= options.length ? -1 : next;
      });
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault();
      take(options[active]!, input);
    } else if (event.key === 'Escape' && shown) {
      // The list closes; a second Escape clears the field as the browser does.
      event.preventDefault();
      close();
    } else if (event.key === 'Enter') {
      close();
    }
  };

  const inputProps = {
    ref: inputRef,
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': shown,
    'aria-controls': listId,
    'aria-activedescendant': shown && active >= 0 ? optionId(active) : undefined,
    autoComplete: 'off',
    onInput: (event: FormEvent<HTMLInputElement>) => typed(event.currentTarget.value),
    onKeyDown,
    onBlur: close,
  };

  const popup = (
    <>
      <Paper
        elevation={8}
        hidden={!shown}
        sx={{
          position: 'absolute',
          top: 'calc(100% + 4px)',
          [align]: 0,
          width: 'max(100%, min(380px, calc(100vw - 24px)))',
          zIndex: (theme) => theme.zIndex.modal,
          maxHeight: '70vh',
          overflowY: 'auto',
          color: 'text.primary',
        }}
      >
        <Box
          component="ul"
          role="listbox"
          id={listId}
          aria-label="Suggestions"
          sx={{ m: 0, p: 0.5 }}
        >
          {options.map((option, index) => (
            <Box
              component="li"
              key={optionKey(option)}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // The field keeps the focus; the click takes the option.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                if (inputRef.current) take(option, inputRef.current);
              }}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                minHeight: 44,
                px: 1.5,
                borderRadius: 1,
                cursor: 'pointer',
                listStyle: 'none',
                bgcolor: index === active ? 'action.selected' : undefined,
                '&:hover': { bgcolor: index === active ? 'action.selected' : 'action.hover' },
              }}
            >
              <OptionContent option={option} typed={settled} />
            </Box>
          ))}
        </Box>
      </Paper>
      <Box role="status" sx={visuallyHidden}>
        {shown ? announcement(options.length) : ''}
      </Box>
    </>
  );
  return { inputProps, popup };
}

const optionKey = (option: Suggestion) =>
  option.kind === 'part' ? `part ${option.part._id}` : `${option.kind} ${option.text}`;

/** What an option says: Did you mean …?, a search with what it adds in bold, or a part's name. */
function OptionContent({ option, typed }: { option: Suggestion; typed: string }) {
  const categories = useCategories();
  if (option.kind === 'part')
    return (
      <Box sx={{ minWidth: 0, py: 0.75 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {option.part.productName}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          {categoryName(categories, option.part.category)}
        </Typography>
      </Box>
    );
  if (option.kind === 'did-you-mean')
    return (
      <Typography variant="body2">
        Did you mean <strong>{option.text}</strong>?
      </Typography>
    );
  const start = typed.trim().toLowerCase();
  const kept = option.text.startsWith(start) ? start : '';
  return (
    <>
      <SearchIcon fontSize="small" aria-hidden />
      <Typography variant="body2">
        {kept}
        <strong>{option.text.slice(kept.length)}</strong>
      </Typography>
    </>
  );
}
