// Every test file reads rule files from the disk, as the command line does.
import { installNodeHost } from "../../src/node/host.js";

installNodeHost();
