import { Schema } from '@formily/json-schema';
import { evaluateExpression } from '../../shared/schema/expression';

// Formily compiles {{ }} expressions with new Function by default; ours needs no eval.
Schema.registerCompiler((expression: string, scope: Record<string, unknown>) => evaluateExpression(expression, scope ?? {}));
