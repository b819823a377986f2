import { Choices } from '../../../domain/shared/choices';
import { DecimalLimits } from '../../../domain/shared/decimal';
import { BooleanField, ChoiceField, ChoiceOptions, MultipleChoiceField } from './choice-fields';
import { DateField, DateTimeField } from './date-fields';
import { FieldOptions } from './field';
import { DecimalField, IntegerField, IntegerOptions } from './number-fields';
import { CurrencyField, EmailField, TextField, TextOptions, UniqueIdField, UrlField } from './text-fields';

// Every kind of field and its base, so that the rest of the tree imports fields from here alone.
export * from './choice-fields';
export * from './date-fields';
export * from './field';
export * from './number-fields';
export * from './python-values';
export * from './text-fields';

/** Shorthands that read like a serializer declaration. */
export const fields = {
  text: (options?: TextOptions) => new TextField(options),
  email: (options?: TextOptions) => new EmailField(options),
  url: (options?: TextOptions) => new UrlField(options),
  uniqueId: (options?: FieldOptions) => new UniqueIdField(options),
  choice: <V extends string>(choices: Choices<V>, options?: ChoiceOptions) => new ChoiceField(choices, options),
  multipleChoice: <V extends string>(values: readonly V[], options?: FieldOptions) => new MultipleChoiceField(values, options),
  currency: (isKnown: (code: string) => boolean, options: FieldOptions = {}) => new CurrencyField(options, isKnown),
  decimal: (limits: DecimalLimits, options?: FieldOptions) => new DecimalField(limits, options),
  integer: (options?: IntegerOptions) => new IntegerField(options),
  boolean: (options?: FieldOptions) => new BooleanField(options),
  date: (options?: FieldOptions) => new DateField(options),
  dateTime: (options?: FieldOptions) => new DateTimeField(options),
};
