import { useEffect, useState } from 'react';
import { Button, Card, ErrorState, Field, Spinner, useToast } from '../../index';
import { errorText, useRestrictedWords, useSaveRestrictedWords } from '../../api';
import { plural } from './complianceTexts';
import * as styles from './Compliance.css';

/** The most words the list holds and the longest one (as the server refuses more). */
const MAX_WORDS = 500;
const MAX_LENGTH = 100;

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** What the list as typed breaks, said before it is sent; null when it can be saved. */
function problemOf(words: string[]): string | null {
  if (words.length > MAX_WORDS) return `The list can hold ${MAX_WORDS} words or phrases; it has ${words.length}.`;
  const long = words.find((w) => w.length > MAX_LENGTH);
  return long ? `"${long.slice(0, 30)}…" is longer than ${MAX_LENGTH} characters.` : null;
}

/** The account's restricted words, one word or phrase a line; saving checks every listing again. */
export function RestrictedWordsEditor() {
  const saved = useRestrictedWords();
  const save = useSaveRestrictedWords();
  const { toast } = useToast();
  const [text, setText] = useState('');
  const savedText = saved.data?.words.join('\n') ?? '';
  // The saved list fills the editor when it arrives, and again after a save.
  useEffect(() => setText(savedText), [savedText]);

  const words = linesOf(text);
  const problem = problemOf(words);
  const changed = text.trim() !== savedText.trim();
  const send = (next: string | null) =>
    save.mutate(next, {
      onSuccess: (answer) =>
        toast({
          title: 'Restricted Words Saved',
          description: `${plural(answer.words.length, 'word or phrase', 'words and phrases')}; every listing was checked again.`,
          variant: 'success',
        }),
      onError: (error) => toast({ title: 'Not Saved', description: errorText(error), variant: 'destructive' }),
    });

  return (
    <section className={styles.section} aria-labelledby="restricted-words">
      <h2 id="restricted-words" className={styles.sectionTitle}>
        Restricted words
      </h2>
      <Card
        description="Words and phrases your listings must not use in their title or description, in any case: claims marketplaces remove listings for, or words of your own. One a line."
        padding="large"
      >
        {saved.isPending ? (
          <Spinner label="Loading restricted words..." />
        ) : saved.isError ? (
          <ErrorState
            title="Restricted words could not be loaded"
            description={errorText(saved.error)}
            onRetry={() => saved.refetch()}
          />
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!problem) send(text);
            }}
          >
            <Field
              label="Restricted words"
              hint={
                saved.data.isDefault
                  ? `The default list (${plural(saved.data.defaults.length, 'entry', 'entries')}): change it to make it yours.`
                  : `Your own list (${plural(saved.data.words.length, 'entry', 'entries')}).`
              }
              error={problem ?? undefined}
            >
              {(control) => (
                <textarea
                  {...control}
                  className={styles.textarea}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                />
              )}
            </Field>
            <div className={styles.actions}>
              <Button type="submit" disabled={!changed || problem !== null} loading={save.isPending}>
                Save and check listings
              </Button>
              {saved.data.isDefault ? null : (
                <Button variant="secondary" disabled={save.isPending} onClick={() => send(null)}>
                  Use the default list
                </Button>
              )}
            </div>
          </form>
        )}
      </Card>
    </section>
  );
}
