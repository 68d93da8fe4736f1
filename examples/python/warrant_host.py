#!/usr/bin/env python3
"""A host in Python talking to the Warrant sidecar with nothing but the standard library.

    WARRANT_URL=http://127.0.0.1:8787 WARRANT_KEY=wk_... python3 examples/python/warrant_host.py

It verifies candidate replies against a reply contract, lists the tenant's fallback effects
page by page, runs a governed turn (when the sidecar serves `--workflow examples/trip`) and
reads a refusal as an RFC 9457 problem document. `--json` prints what it saw as one JSON object.
"""

import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent


class WarrantProblem(Exception):
    """A refusal from the sidecar: `application/problem+json` with Warrant's `code` and `issues`."""

    def __init__(self, document):
        self.status = document.get("status")
        self.code = document.get("code")
        self.detail = document.get("detail")
        # Each thing wrong, by JSON path: [{"path": "$.contract.forbiden_terms", "message": "unknown key"}]
        self.issues = document.get("issues", [])
        super().__init__(f"{self.status} {self.code}: {self.detail}")


class WarrantClient:
    """The few calls a host makes. Every request carries the tenant's bearer key."""

    def __init__(self, base_url, key, timeout_s=30):
        self.base_url = base_url.rstrip("/")
        self.key = key
        self.timeout_s = timeout_s

    def _request(self, method, path, body=None, query=None):
        url = self.base_url + path
        if query:
            url += "?" + urllib.parse.urlencode({k: v for k, v in query.items() if v is not None})
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.key}")
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
                return json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            payload = error.read().decode("utf-8")
            if error.headers.get_content_type() == "application/problem+json":
                raise WarrantProblem(json.loads(payload)) from None
            raise

    def verify(self, contract, candidates):
        """POST /v0/reply-contracts/verify: the body to show, and the effect (already stored)."""
        return self._request("POST", "/v0/reply-contracts/verify", {"contract": contract, "candidates": candidates})

    def effects(self, page_size=50, **filters):
        """GET /v0/effects, newest first, following `next_cursor` until the last page."""
        cursor = None
        while True:
            page = self._request("GET", "/v0/effects", query={**filters, "limit": page_size, "cursor": cursor})
            yield from page["items"]
            cursor = page["next_cursor"]
            if cursor is None:
                return

    def run_turn(self, turn):
        """POST /v0/turns: the committed turn, its blocks in reply order (the transition last)."""
        return self._request("POST", "/v0/turns", turn)


def main(argv):
    base_url = os.environ.get("WARRANT_URL", "http://127.0.0.1:8787")
    key = os.environ.get("WARRANT_KEY")
    if not key:
        print("set WARRANT_KEY to a sidecar key (warrant serve prints one)", file=sys.stderr)
        return 2
    client = WarrantClient(base_url, key)
    seen = {}

    contract = json.loads((EXAMPLES / "contracts" / "automotive-seller-valuation.json").read_text("utf-8"))
    verified = client.verify(contract, ["沒問題，已經幫您預約明天下午兩點看車。"])
    effect = verified["effect"]
    seen["verify"] = {"status": effect["status"], "body": verified["body"], "effect_id": effect["id"]}
    print(f"verify     {effect['status']}: {verified['body']}")

    fallbacks = list(client.effects(page_size=2, status="fallback"))
    seen["fallback_effect_ids"] = [e["id"] for e in fallbacks]
    for e in fallbacks[:5]:
        why = e["first_violation"]
        print(f"effect     {e['id']} {e['interaction_kind']}: " + (f"{why['code']} 「{why['term']}」" if why else "no candidate"))

    turn = json.loads((EXAMPLES / "trip" / "first-turn.json").read_text("utf-8"))
    try:
        result = client.run_turn(turn)
        reply = next(b for b in result["blocks"] if b["kind"] == "transition")
        seen["turn"] = {"turn_id": result["turn_id"], "reply": reply["text"], "receipts": [b["title"] for b in result["blocks"] if b["kind"] == "receipt"]}
        print("turn       " + reply["text"].replace("\n", "\n           "))
    except WarrantProblem as problem:
        if problem.status != 404:
            raise
        seen["turn"] = None
        print("turn       not served here (start the sidecar with --workflow examples/trip)")

    misspelt = {**contract, "forbiden_terms": contract["forbidden_terms"]}
    try:
        client.verify(misspelt, ["hello"])
        seen["problem"] = None
    except WarrantProblem as problem:
        seen["problem"] = {"status": problem.status, "code": problem.code, "paths": [i["path"] for i in problem.issues]}
        print(f"problem    {problem.status} {problem.code}: " + ", ".join(f"{i['path']} {i['message']}" for i in problem.issues))

    if "--json" in argv:
        print(json.dumps(seen, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except WarrantProblem as problem:
        print(f"warrant: {problem}", file=sys.stderr)
        sys.exit(1)
