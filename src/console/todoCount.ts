import { api } from '../client/request';
import { arrivedAnswer } from '../engine/data/prefetch';
import { TODO_COUNT_KEY } from '../shared/routes/todoCounters';

export { TODO_COUNT_KEY };

export const getTodoCount = () => api.get<Record<string, number>>('/open-platform/todoCount', undefined, { silent: true });
export const fetchTodoCount = getTodoCount;
export const arrivedTodoCount = () => arrivedAnswer<Record<string, number>>(TODO_COUNT_KEY);
