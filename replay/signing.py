"""Signed checkpoints: the server's Ed25519 signature over a finished game's head hash.

A hash chain shows that no record was changed in place, but someone holding the whole log can
recompute every hash after rewriting it. The server therefore signs, once a game is over, the
hash of its last record and the digest of its refused attempts; `verify --public-key` checks the
signature, so only the holder of the server's private key could have produced that log.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from kennel.replay.logformat import Checkpoint, Log, attempts_digest


class SignatureInvalid(ValueError):
    """The checkpoint is missing, made by another key, or does not match the log."""


def key_id(public_key: bytes) -> str:
    return hashlib.sha256(public_key).hexdigest()


def public_bytes(private: Ed25519PrivateKey) -> bytes:
    return private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def sign(log: Log, private: Ed25519PrivateKey) -> Checkpoint:
    """The checkpoint for a log as it stands (its last record and its attempts)."""
    if not log.records:
        raise ValueError("an empty log has no head to sign")
    unsigned = Checkpoint(
        head=log.records[-1].hash,
        attempts=attempts_digest(log.attempts),
        key_id=key_id(public_bytes(private)),
        signature="",
    )
    signature = private.sign(unsigned.signed_bytes(log.header.game_id)).hex()
    return Checkpoint(unsigned.head, unsigned.attempts, unsigned.key_id, signature)


def check_checkpoint(log: Log, public_key: bytes) -> None:
    checkpoint = log.checkpoint
    if checkpoint is None:
        raise SignatureInvalid("the log carries no signed checkpoint")
    if checkpoint.key_id != key_id(public_key):
        raise SignatureInvalid("the checkpoint was signed by another key")
    if not log.records or checkpoint.head != log.records[-1].hash:
        raise SignatureInvalid("the checkpoint signs another head: records were added, removed or rewritten")
    if checkpoint.attempts != attempts_digest(log.attempts):
        raise SignatureInvalid("the checkpoint signs other attempts than the log keeps")
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(
            bytes.fromhex(checkpoint.signature), checkpoint.signed_bytes(log.header.game_id)
        )
    except (InvalidSignature, ValueError):
        raise SignatureInvalid("the signature does not verify with this public key") from None


def load_or_create_key(path: Path) -> Ed25519PrivateKey:
    """The server's signing key, created (mode 0600) on first start."""
    if path.exists():
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
        if not isinstance(key, Ed25519PrivateKey):
            raise ValueError(f"{path} does not hold an Ed25519 private key")
        return key
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    if not path.parent.exists():
        path.parent.mkdir(parents=True, mode=0o700)
        path.parent.chmod(0o700)  # mkdir's mode is filtered by the umask
    path.touch(mode=0o600)
    path.write_bytes(pem)
    return key


def read_public_key(text: str) -> bytes:
    """A public key given on the command line: 64 hex digits, or a file holding them."""
    candidate = text.strip()
    if Path(candidate).is_file():
        candidate = Path(candidate).read_text().strip()
    try:
        raw = bytes.fromhex(candidate)
    except ValueError:
        raise ValueError("a public key is 64 hex digits (or a file holding them)") from None
    if len(raw) != 32:
        raise ValueError("an Ed25519 public key is 32 bytes (64 hex digits)")
    return raw
