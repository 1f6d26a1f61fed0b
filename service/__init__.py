"""The gRPC server: persistence, projections, auth, streaming and configuration."""
