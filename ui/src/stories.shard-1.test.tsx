import { loadStoryShard, testStories, type StoryFile } from './testing/storyTests';

// Stories as tests, shard 1 of 2 (see testing/storyTests.ts); the glob must be literal here.
testStories(await loadStoryShard(import.meta.glob<StoryFile>('./**/*.stories.tsx'), 0, 2));
