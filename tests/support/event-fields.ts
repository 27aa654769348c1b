import path from 'node:path';
import ts from 'typescript';

/**
 * Every event type the code declares (`DomainEvent<'Type', Data>` anywhere under src/, and the
 * platform's events typed by `EventData<'Type', Data>`-like interfaces with a `type` and `data`),
 * with the paths of its data's fields as the TypeScript compiler sees them (`name`,
 * `profile.address`, `items[].name`), each `closed` when it can only hold values the code names
 * (string literals, booleans), `open` otherwise. Read from the types, not from samples, so an event no test
 * produces is read too.
 */
export function eventFields(root: string): Map<string, Map<string, 'open' | 'closed'>> {
  const configPath = path.join(root, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error(`Cannot read ${configPath}`);
  const src = `${path.join(root, 'src')}${path.sep}`;
  const files = config.fileNames.filter((file) => file.startsWith(src) && !/\.test\.ts$|scenarios\.ts$/.test(file));
  const program = ts.createProgram(files, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const found = new Map<string, Map<string, 'open' | 'closed'>>();

  const walk = (type: ts.Type, prefix: string, depth: number, paths: Map<string, 'open' | 'closed'>) => {
    const parts = type.isUnion() ? type.types : [type];
    for (const part of parts) {
      for (const property of checker.getPropertiesOfType(part)) {
        const declaration = property.valueDeclaration ?? property.declarations?.[0];
        if (!declaration) continue;
        const field = `${prefix}${property.name}`;
        const value = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(property, declaration));
        const closed = (value.isUnion() ? value.types : [value]).every((t) => t.isStringLiteral() || (t.flags & (ts.TypeFlags.BooleanLiteral | ts.TypeFlags.Boolean)) !== 0);
        if (paths.get(field) !== 'open') paths.set(field, closed ? 'closed' : 'open');
        if (depth >= 4) continue;
        const elements = (value.isUnion() ? value.types : [value]).map((t) =>
          checker.isArrayType(t) ? { t: checker.getTypeArguments(t as ts.TypeReference)[0]!, arr: true } : { t, arr: false },
        );
        for (const { t, arr } of elements) {
          if (t.flags & ts.TypeFlags.Object && !checker.isArrayType(t)) walk(t, `${field}${arr ? '[]' : ''}.`, depth + 1, paths);
        }
      }
    }
  };

  const add = (name: string, data: ts.Type) => {
    const paths = found.get(name) ?? new Map<string, 'open' | 'closed'>();
    walk(data, '', 0, paths);
    found.set(name, paths);
  };

  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(src)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isTypeReferenceNode(node) && node.typeName.getText(file) === 'DomainEvent' && node.typeArguments?.length === 2) {
        const [name, data] = node.typeArguments as unknown as [ts.TypeNode, ts.TypeNode];
        if (ts.isLiteralTypeNode(name) && ts.isStringLiteral(name.literal)) add(name.literal.text, checker.getTypeFromTypeNode(data));
      }
      // An interface or type literal { type: 'A' | 'B'; data: {...} } (the platform's own events).
      if ((ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) && !file.fileName.includes(`${path.sep}modules${path.sep}`)) {
        const members = node.members.filter(ts.isPropertySignature);
        const typeMember = members.find((m) => m.name.getText(file) === 'type');
        const dataMember = members.find((m) => m.name.getText(file) === 'data');
        if (typeMember?.type && dataMember?.type) {
          const typeType = checker.getTypeFromTypeNode(typeMember.type);
          for (const literal of typeType.isUnion() ? typeType.types : [typeType]) {
            if (literal.isStringLiteral()) add(literal.value, checker.getTypeFromTypeNode(dataMember.type));
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}
