"""The request body limit, enforced before the body reaches a handler.

Neither FastAPI nor uvicorn bounds a request body; this ASGI middleware does: a declared
`Content-Length` over the limit is refused before a byte is read, and a body without one (chunked) is
read up to the limit and refused as soon as it goes over, answering 413 with the JSON error every
endpoint uses. A body within the limit is handed on unchanged (bodies here are scenario files, at
most a few hundred KiB, so holding one in memory is fine). Hand-written because it is a few lines of
ASGI and no maintained package does only this.
"""
from __future__ import annotations

import json


class BodyLimit:
    def __init__(self, app, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = None
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                declared = int(value) if value.isdigit() else self.limit + 1
        if declared is not None:
            if declared > self.limit:
                return await self.refuse(send)
            return await self.app(scope, receive, send)
        chunks, seen = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break       # the client went away: let the app see it
            chunks.append(message.get("body", b""))
            seen += len(chunks[-1])
            if seen > self.limit:
                return await self.refuse(send)
            if not message.get("more_body", False):
                message = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
                break
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return message
            return await receive()

        await self.app(scope, replay, send)

    async def refuse(self, send) -> None:
        body = json.dumps({"error": f"request body larger than {self.limit // 1024} KiB"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
