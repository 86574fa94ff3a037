/** body-parser's json() made to pass a malformed body on instead of failing the request. */
type Next = (error?: unknown) => void;
type Middleware = (req: { body?: unknown }, res: unknown, next: Next) => void;
export type JsonFactory = (options?: unknown) => Middleware;

export function passMalformedJsonOn(json: JsonFactory): JsonFactory {
  return (options) => {
    const parse = json(options);
    return (req, res, next) =>
      parse(req, res, (error) => {
        const type = (error as { type?: unknown } | undefined)?.type;
        if (type === 'entity.parse.failed') {
          req.body = undefined;
          next();
          return;
        }
        next(error);
      });
  };
}
