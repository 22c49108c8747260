import t from 'tap';
import { parseCodeOptions, parseDocumentMetadata, readContentType } from '../../src/intake/document-fields.js';

const rejection = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
};

t.test('document_metadata: an object, or its JSON text; empty means none', async (t) => {
  t.same(parseDocumentMetadata({ ref: 1 }), { ref: 1 });
  t.same(parseDocumentMetadata('{"ref":"A-1","n":[1]}'), { ref: 'A-1', n: [1] });
  t.same(parseDocumentMetadata('{}'), {});
  for (const empty of [undefined, null, '', '  ']) t.equal(parseDocumentMetadata(empty), null);
  for (const bad of ['[1]', '"text"', 'null', '{oops', 42, true, [1], 'plain words']) {
    t.match(
      rejection(() => parseDocumentMetadata(bad)),
      { status: 400, message: 'Validation error', extra: { errors: [/^document_metadata: must be a JSON object/] } },
      JSON.stringify(bad),
    );
  }
});

t.test('code options: array, JSON text, or comma-separated; trimmed and deduplicated in order', async (t) => {
  const field = 'document_type_code_options';
  t.same(parseCodeOptions(['invoice', 'receipt', 'invoice'], field), ['invoice', 'receipt']);
  t.same(parseCodeOptions('["receipt","invoice","receipt"]', field), ['receipt', 'invoice']);
  t.same(parseCodeOptions(' invoice, receipt ,invoice', field), ['invoice', 'receipt']);
  t.same(parseCodeOptions('invoice', field), ['invoice']);
  t.same(parseCodeOptions([], field), []);
  t.same(parseCodeOptions('[]', field), []);
  for (const empty of [undefined, null, '']) t.equal(parseCodeOptions(empty, field), null);
  for (const bad of [[1], ['a', ''], 'a,,b', '["a",', '{"a":1}', 7, { a: 1 }, [null]]) {
    t.match(
      rejection(() => parseCodeOptions(bad, field)),
      { status: 400, extra: { errors: [/^document_type_code_options: must be an array/] } },
      JSON.stringify(bad),
    );
  }
});

t.test('content type: either alias, normalised, validated', async (t) => {
  t.equal(readContentType({ content_type: 'Application/PDF; charset=binary' }), 'application/pdf');
  t.equal(readContentType({ image_content_type: 'image/jpeg' }), 'image/jpeg');
  t.equal(readContentType({ content_type: 'image/png', image_content_type: 'IMAGE/PNG' }), 'image/png');
  t.equal(readContentType({}), null);
  t.equal(readContentType({ content_type: '' }), null);
  t.match(
    rejection(() => readContentType({ content_type: 'pdf' })),
    {
      status: 400,
      extra: { errors: ['content_type: must be a media type like application/pdf, got "pdf"'] },
    },
  );
  t.match(
    rejection(() => readContentType({ image_content_type: 12 })),
    {
      extra: { errors: [/^image_content_type: must be a string/] },
    },
  );
  t.match(
    rejection(() => readContentType({ content_type: 'image/png', image_content_type: 'image/jpeg' })),
    {
      extra: { errors: [/are aliases and disagree/] },
    },
  );
});
