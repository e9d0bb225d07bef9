import { describeJourney } from './journey';

// Every other menu entry a platform administrator has, from the second (journey.ts); journeyAdmin has the rest.
describeJourney(['admin'], 1, 2);
