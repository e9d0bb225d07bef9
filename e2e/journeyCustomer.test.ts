import { describeJourney } from './journey';

// Every menu entry a customer administrator has (journey.ts).
describeJourney(['cust_a']);
