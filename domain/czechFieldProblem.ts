/**
 * A field's problem in Czech, from the validator's (ajv's) keyword and parameters: the words after the field's name.
 *
 * @example czechFieldProblem('minLength', { limit: 1 }) // 'nesmí být prázdné'
 */
export function czechFieldProblem(keyword: string, params: Record<string, unknown>): string {
  switch (keyword) {
    case 'required':
      return 'je povinné';
    case 'additionalProperties':
      return 'není známé pole';
    case 'format':
      return params.format === 'email'
        ? 'musí být platná e-mailová adresa'
        : params.format === 'date-time'
          ? 'musí být datum a čas s časovým pásmem, např. 2030-01-01T00:00:00Z'
          : `musí mít platný formát ${String(params.format)}`;
    case 'minLength':
      return Number(params.limit) === 1
        ? 'nesmí být prázdné'
        : `musí mít alespoň ${String(params.limit)} znaků`;
    case 'maxLength':
      return `smí mít nejvýše ${String(params.limit)} znaků`;
    case 'pattern':
      return params.pattern === '\\S' ? 'nesmí být prázdné' : 'má nepovolenou hodnotu';
    case 'type':
      return `musí být typu ${String(params.type)}`;
    case 'enum':
    case 'const':
      return 'musí být jedna z povolených hodnot';
    case 'minimum':
      return `musí být alespoň ${String(params.limit)}`;
    case 'maximum':
      return `smí být nejvýše ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `musí být větší než ${String(params.limit)}`;
    case 'exclusiveMaximum':
      return `musí být menší než ${String(params.limit)}`;
    case 'minItems':
      return `musí mít alespoň ${String(params.limit)} položek`;
    case 'maxItems':
      return `smí mít nejvýše ${String(params.limit)} položek`;
    case 'uniqueItems':
      return 'nesmí obsahovat stejné položky dvakrát';
    case 'anyOf':
    case 'oneOf':
      return 'neodpovídá žádnému z povolených tvarů';
    default:
      return 'není platné';
  }
}
