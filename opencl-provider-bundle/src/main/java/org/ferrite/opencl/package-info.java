/**
 * The OpenCL provider: {@link org.ferrite.opencl.OpenClBackend}, a device backend on any OpenCL driver
 * (JOCL, embedded privately), its settings ({@link org.ferrite.opencl.OpenClBackend.Builder}) and its typed
 * capability details ({@link org.ferrite.opencl.OpenClCapabilities}). Its registrations (ServiceLoader
 * provider, Declarative Services component) are private to the bundle {@code org.ferrite.opencl}.
 */
@Export
@Version("0.1.0")
package org.ferrite.opencl;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
