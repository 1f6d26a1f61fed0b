"""Generates `kennel.v1` from proto/ when it is missing, before setuptools looks for it.

`make proto` (and `make dist`) generate it first, so this only runs for a build from a clean
clone (`pip install ./clients/python`), where grpcio-tools is a build requirement."""

from __future__ import annotations

from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
GENERATED = HERE / "kennel" / "v1"
PROTO_ROOT = HERE.parent.parent / "proto"


def generate() -> None:
    if (GENERATED / "kennel_pb2.py").exists():
        return
    if not PROTO_ROOT.is_dir():
        raise SystemExit(f"kennel-client: no generated code in {GENERATED} and no proto/ to generate it from")
    from grpc_tools import protoc  # a build requirement (pyproject.toml)

    GENERATED.mkdir(parents=True, exist_ok=True)
    protos = sorted(str(p.relative_to(PROTO_ROOT)) for p in (PROTO_ROOT / "kennel" / "v1").glob("*.proto"))
    include = str(Path(protoc.__file__).parent / "_proto")
    args = ["protoc", f"-I{PROTO_ROOT}", f"-I{include}", f"--python_out={HERE}", f"--pyi_out={HERE}",
            f"--grpc_python_out={HERE}", *protos]
    if protoc.main(args) != 0:
        raise SystemExit("kennel-client: protoc failed")
    (GENERATED / "__init__.py").write_text('"""Generated from proto/kennel/v1; do not edit."""\n')


generate()
setup()
