import { describeJourney } from './journey';

// Every other menu entry a platform administrator has, from the first (journey.ts); journeyAdmin2 has the rest.
describeJourney(['admin'], 0, 2);
