"""A real SMTP server (aiosmtpd) for the registration tests.

Listens on 127.0.0.1 on a port of its own, prints the port on stdout, and
writes the text of each message it receives to DIR/N.txt (N = 1, 2, ...),
renamed into place once complete. Run: python smtp_sink.py DIR
"""

import asyncio
import email
import email.policy
import pathlib
import sys

from aiosmtpd.smtp import SMTP


class Save:
    def __init__(self, directory):
        self.directory = pathlib.Path(directory)
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        text = "To: {}\nSubject: {}\n\n{}".format(
            ", ".join(envelope.rcpt_tos), message["subject"], message.get_body(("plain",)).get_content()
        )
        part = self.directory / f"{self.count}.part"
        part.write_text(text, encoding="utf-8")
        part.rename(self.directory / f"{self.count}.txt")
        return "250 OK"


async def main():
    handler = Save(sys.argv[1])
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: SMTP(handler), "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()


asyncio.run(main())
