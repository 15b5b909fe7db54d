import { composeStories } from '@storybook/react-vite';
import axe from 'axe-core';
import { describe, expect, test } from 'vitest';

// Every story is a test: it renders with the project's decorators and loaders (MSW
// included), runs its play function, and must pass an axe-core accessibility check.

export type StoryFile = Parameters<typeof composeStories>[0];
type StoryFileLoaders = Record<string, () => Promise<StoryFile>>;

/** The part of a composed story this runner uses. */
interface RunnableStory {
  play?: unknown;
  run: () => Promise<void>;
}

const axeOptions: axe.RunOptions = {
  rules: {
    // jsdom cannot compute colours; the palette is checked in theme/contrast.test.ts.
    'color-contrast': { enabled: false },
  },
  resultTypes: ['violations'],
};

function describeViolations(violations: axe.Result[]): string {
  return violations
    .map((violation) => {
      const targets = violation.nodes.map((node) => `    ${node.html}`).join('\n');
      return `${violation.id}: ${violation.help}\n${targets}`;
    })
    .join('\n');
}

/**
 * Loads one shard of the story files (every `count`-th file, starting at `index`), so the
 * stories spread over several test files that Vitest runs in parallel.
 */
export async function loadStoryShard(
  loaders: StoryFileLoaders,
  index: number,
  count: number,
): Promise<Array<[string, StoryFile]>> {
  const paths = Object.keys(loaders)
    .sort()
    .filter((_, position) => position % count === index);
  return Promise.all(
    paths.map(async (path): Promise<[string, StoryFile]> => [
      path,
      await (loaders[path] as () => Promise<StoryFile>)(),
    ]),
  );
}

export function testStories(storyFiles: Array<[string, StoryFile]>): void {
  for (const [path, storyFile] of storyFiles) {
    describe(storyFile.default?.title ?? path, () => {
      for (const [name, story] of Object.entries<RunnableStory>(composeStories(storyFile))) {
        test(name, async () => {
          // A story without a play function asserts nothing the user sees.
          expect(story.play, `${name} needs a play function`).toBeTypeOf('function');
          await story.run();
          // The whole body, so portalled dialogs, menus and toasts are checked too.
          const results = await axe.run(document.body, axeOptions);
          expect(describeViolations(results.violations)).toBe('');
        });
      }
    });
  }
}
